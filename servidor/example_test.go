package servidor_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Una ronda: dos clientes se conectan, el primero juega y ambos consultan.
func Example() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\nsal\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 3, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLALSAAAAAAAAA") // manos SOL y ALS, luego el resto

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
	// cliente 0: IDCliente(0) Empezar(3) TurnoDe(0) Ubicar(0, {(1,0,S), (1,1,O), (1,2,L)}) SumaPuntos(0, 3) Reponer({A, A, A}) TurnoDe(1)
	// cliente 1: IDCliente(1) Empezar(3) TurnoDe(0) Mal(servidor: no es su turno) Ubicar(0, {(1,0,S), (1,1,O), (1,2,L)}) SumaPuntos(0, 3) TurnoDe(1)
}

// Un cliente en su propia gorutina espera sus notificaciones sin consultar
// en un bucle. Con la variante de la especificación la partida no termina:
// el cliente decide cuándo dejar de esperar.
func ExampleServidor_Esperar() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 3, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLAAAAAAAAA")
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
	// IDCliente(0)
	// Empezar(3)
	// TurnoDe(0)
}

// Con las reglas clásicas un cliente puede cambiar fichas en su turno: todos
// se enteran de cuántas cambió, y solo él de cuáles sacó.
func ExampleServidor_RecibirCambio() {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	// Manos QXZAEIO y LUNAEST; en la bolsa quedan R, O, S, A, M, E, S, A.
	bolsa, _ := alf.ParsearFichas("qxzaeio" + "lunaest" + "rosamesa")
	s, _ := servidor.Nuevo(2, v, bolsa)
	ana, _ := s.Conectar()
	beto, _ := s.Conectar()
	_, _ = s.Consultar(ana)
	_, _ = s.Consultar(beto)

	qxz, _ := alf.ParsearFichas("qxz")
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
	// cliente 1: Mal(servidor: no es su turno) Cambiar(0, 3) TurnoDe(1)
}

// Con fin de partida (las reglas clásicas), Esperar devuelve
// servidor.ErrTerminado cuando la partida terminó y el cliente ya recibió
// todo: el bucle del cliente termina solo. Aquí un único jugador pasa seis
// veces seguidas.
func ExampleServidor_Esperar_terminado() {
	v := espanol.Clasica()
	bolsa, _ := v.Repositorio(1, 42)
	s, _ := servidor.Nuevo(1, v, bolsa)

	listo := make(chan struct{})
	go func() {
		defer close(listo)
		cid, _ := s.Conectar()
		for {
			ns, err := s.Esperar(context.Background(), cid)
			if errors.Is(err, servidor.ErrTerminado) {
				fmt.Println("no llegará nada más")
				return
			}
			for _, n := range ns {
				switch {
				case n.Tipo == servidor.TipoTurnoDe && n.Cliente == cid:
					_ = s.Recibir(cid, ocurrencia.Ocurrencia{}) // pasar
				case n.Tipo == servidor.TipoFin:
					fmt.Println(n.MotivoFin())
				}
			}
		}
	}()
	<-listo
	// Output:
	// turnos seguidos sin puntos
	// no llegará nada más
}

// Mal dice por qué se rechazó un mensaje; el motivo se compara con
// errors.Is.
func ExampleMal() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 3, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLSOLAAAAAAAAA")
	s, _ := servidor.Nuevo(2, v, r)
	ana, _ := s.Conectar()
	_ = s.Recibir(ana, ocurrencia.Ocurrencia{}) // antes de empezar
	beto, _ := s.Conectar()

	los, _ := ocurrencia.Parsear("(0,0,L) (0,1,O) (0,2,S)", es)
	_ = s.Recibir(beto, los) // no es su turno
	_ = s.Recibir(ana, los)  // LOS no es legítima

	for _, cid := range []int{ana, beto} {
		ns, _ := s.Notificaciones(cid)
		for _, n := range ns {
			if n.Tipo != servidor.TipoMal {
				continue
			}
			fmt.Printf("cliente %d: no empezó %t, no era su turno %t, palabra ilegítima %t\n", cid,
				errors.Is(n.Motivo, servidor.ErrNoEmpezado), errors.Is(n.Motivo, servidor.ErrNoEsSuTurno),
				errors.Is(n.Motivo, juego.ErrPalabraIlegitima))
		}
	}
	// Output:
	// cliente 0: no empezó true, no era su turno false, palabra ilegítima false
	// cliente 0: no empezó false, no era su turno false, palabra ilegítima true
	// cliente 1: no empezó false, no era su turno true, palabra ilegítima false
}

// Notificaciones muestra la cola de un cliente sin vaciarla; Consultar la
// vacía.
func ExampleServidor_Notificaciones() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 3, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLAAAAAAAAA")
	s, _ := servidor.Nuevo(1, v, r)
	cid, _ := s.Conectar()

	ns, _ := s.Notificaciones(cid)
	fmt.Println(len(ns), "pendientes:", ns)
	ns, _ = s.Consultar(cid)
	fmt.Println(len(ns), "consultadas")
	ns, _ = s.Notificaciones(cid)
	fmt.Println(len(ns), "pendientes")
	// Output:
	// 3 pendientes: [IDCliente(0) Empezar(3) TurnoDe(0)]
	// 3 consultadas
	// 0 pendientes
}

// Saber a quién le toca no requiere copiar el juego: Turno lo dice en O(1).
func ExampleServidor_Turno() {
	es := letra.Espanol()
	lexico, _ := variante.LeerLexico(strings.NewReader("sol\n"), es, variante.OpcionesLexico{})
	v, _ := variante.Nueva(es, 3, 3, nil, lexico, variante.Opciones{})
	r, _ := es.Parsear("SOLAAAAAAAAAAAA")
	s, _ := servidor.Nuevo(2, v, r)

	ana, _ := s.Conectar()
	_, err := s.Turno()
	fmt.Println(errors.Is(err, servidor.ErrNoEmpezado))
	_, _ = s.Conectar()
	turno, _ := s.Turno()
	fmt.Println(turno == ana)
	sol, _ := ocurrencia.Parsear("(1,0,S) (1,1,O) (1,2,L)", es)
	_ = s.Recibir(ana, sol)
	turno, _ = s.Turno()
	fmt.Println(turno)
	// Output:
	// true
	// true
	// 1
}
