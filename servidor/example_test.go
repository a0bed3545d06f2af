package servidor_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una ronda: dos clientes se conectan, el primero juega y ambos consultan.
func Example() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\nsal\n"), es)
	v, _ := variante.Nueva(es, 3, 3, nil, lexico)
	r, _ := es.Leer("SOLALSAAAAAAAAA") // manos SOL y ALS, luego el resto

	s, err := servidor.Nuevo(2, v, r)
	if err != nil {
		panic(err)
	}
	ana, _ := s.Conectar()
	beto, _ := s.Conectar()

	sol, _ := ocurrencia.Parsear("(1,0,S) (1,1,O) (1,2,L)", es)
	_ = s.Recibir(beto, sol) // no es su turno: Mal, solo para él
	_ = s.Recibir(ana, sol)

	for _, cid := range []int{ana, beto} {
		ns, _ := s.Consultar(cid)
		fmt.Printf("cliente %d:", cid)
		for _, n := range ns {
			fmt.Print(" ", n.Formatear(es))
		}
		fmt.Println()
	}
	// Output:
	// cliente 0: IdCliente(0) Empezar(3) TurnoDe(0) Ubicar(0, {(1,0,S), (1,1,O), (1,2,L)}) SumaPuntos(0, 3) Reponer({A, A, A}) TurnoDe(1)
	// cliente 1: IdCliente(1) Empezar(3) TurnoDe(0) Mal Ubicar(0, {(1,0,S), (1,1,O), (1,2,L)}) SumaPuntos(0, 3) TurnoDe(1)
}

// Un cliente en su propia gorutina espera sus notificaciones sin consultar
// en un bucle.
func ExampleServidor_Esperar() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\n"), es)
	v, _ := variante.Nueva(es, 3, 3, nil, lexico)
	r, _ := es.Leer("SOLAAAAAAAAA")
	s, _ := servidor.Nuevo(1, v, r)

	listo := make(chan struct{})
	go func() {
		defer close(listo)
		cid, _ := s.Conectar()
		for {
			ns, err := s.Esperar(context.Background(), cid)
			if err != nil {
				return
			}
			for _, n := range ns {
				fmt.Println(n)
				if n.Tipo == servidor.TipoTurnoDe && n.Cliente == cid {
					return
				}
			}
		}
	}()
	<-listo
	// Output:
	// IdCliente(0)
	// Empezar(3)
	// TurnoDe(0)
}

// Con las reglas clásicas un cliente puede cambiar fichas en su turno: todos
// se enteran de cuántas cambió, y solo él de cuáles sacó.
func ExampleServidor_RecibirCambio() {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	// Manos QXZAEIO y LUNAEST; en la bolsa quedan R, O, S, A, M, E, S, A.
	bolsa, _ := alf.LeerFichas("qxzaeio" + "lunaest" + "rosamesa")
	s, _ := servidor.Nuevo(2, v, bolsa)
	ana, _ := s.Conectar()
	beto, _ := s.Conectar()
	_, _ = s.Consultar(ana)
	_, _ = s.Consultar(beto)

	qxz, _ := alf.LeerFichas("qxz")
	_ = s.RecibirCambio(beto, letra.NuevoMulticonjunto(qxz...)) // no es su turno: Mal
	_ = s.RecibirCambio(ana, letra.NuevoMulticonjunto(qxz...))

	for _, cid := range []int{ana, beto} {
		ns, _ := s.Consultar(cid)
		fmt.Printf("cliente %d:", cid)
		for _, n := range ns {
			fmt.Print(" ", n.Formatear(alf))
		}
		fmt.Println()
	}
	// Output:
	// cliente 0: Cambiar(0, 3) Reponer({O, R, S}) TurnoDe(1)
	// cliente 1: Mal Cambiar(0, 3) TurnoDe(1)
}
