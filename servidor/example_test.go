package servidor_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// Una ronda: dos clientes se conectan, el primero juega y ambos consultan.
func Example() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\nsal\n"), es)
	v, _ := variante.Nueva(es, 3, 3, nil, lexico)
	r, _ := es.Leer("SOLALSAAAAAAAAA") // manos SOL y ALS, luego el resto

	s, err := servidor.NuevoServidor(2, v, r)
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
	s, _ := servidor.NuevoServidor(1, v, r)

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
